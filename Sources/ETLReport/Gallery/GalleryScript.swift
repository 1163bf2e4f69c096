import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// The gallery's only script: paints each work's ThumbHash behind its
/// thumbnail (as the app does while the picture loads), and on a picture
/// that fails to load removes the broken image so the placeholder shows.
///
/// The decoder follows the published ThumbHash reference
/// (thumbHashToRGBA); it runs in the page, so the file stays small.
package enum GalleryScript {
    package static let source = """
        (function(){
        function decode(hash){
          var PI=Math.PI,min=Math.min,max=Math.max,cos=Math.cos,round=Math.round;
          var h24=hash[0]|(hash[1]<<8)|(hash[2]<<16),h16=hash[3]|(hash[4]<<8);
          var l_dc=(h24&63)/63,p_dc=((h24>>6)&63)/31.5-1,q_dc=((h24>>12)&63)/31.5-1,l_scale=((h24>>18)&31)/31;
          var hasAlpha=h24>>23,p_scale=((h16>>3)&63)/63,q_scale=((h16>>9)&63)/63,isLandscape=h16>>15;
          var lx=max(3,isLandscape?(hasAlpha?5:7):h16&7),ly=max(3,isLandscape?h16&7:(hasAlpha?5:7));
          var a_dc=hasAlpha?(hash[5]&15)/15:1,a_scale=(hash[5]>>4)/15,start=hasAlpha?6:5,index=0;
          function channel(nx,ny,scale){var ac=[];for(var cy=0;cy<ny;cy++)for(var cx=cy?0:1;cx*ny<nx*(ny-cy);cx++){
            ac.push((((hash[start+(index>>1)]>>((index&1)<<2))&15)/7.5-1)*scale);index++;}return ac;}
          var l_ac=channel(lx,ly,l_scale),p_ac=channel(3,3,p_scale*1.25),q_ac=channel(3,3,q_scale*1.25),a_ac=hasAlpha&&channel(5,5,a_scale);
          var hx=hash[3],ax=isLandscape?(hasAlpha?5:7):hx&7,ay=isLandscape?hx&7:(hasAlpha?5:7),ratio=ax/ay;
          var w=round(ratio>1?32:32*ratio),h=round(ratio>1?32/ratio:32),rgba=new Uint8ClampedArray(w*h*4),fx=[],fy=[];
          for(var y=0,i=0;y<h;y++)for(var x=0;x<w;x++,i+=4){
            var l=l_dc,p=p_dc,q=q_dc,a=a_dc,cx,cy,j,n;
            for(cx=0,n=max(lx,hasAlpha?5:3);cx<n;cx++)fx[cx]=cos(PI/w*(x+0.5)*cx);
            for(cy=0,n=max(ly,hasAlpha?5:3);cy<n;cy++)fy[cy]=cos(PI/h*(y+0.5)*cy);
            for(cy=0,j=0;cy<ly;cy++)for(cx=cy?0:1;cx*ly<lx*(ly-cy);cx++,j++)l+=l_ac[j]*fx[cx]*fy[cy]*2;
            for(cy=0,j=0;cy<3;cy++)for(cx=cy?0:1;cx<3-cy;cx++,j++){var f=fx[cx]*fy[cy]*2;p+=p_ac[j]*f;q+=q_ac[j]*f;}
            if(hasAlpha)for(cy=0,j=0;cy<5;cy++)for(cx=cy?0:1;cx<5-cy;cx++,j++)a+=a_ac[j]*fx[cx]*fy[cy]*2;
            var b=l-2/3*p,r=(3*l-b+q)/2,g=r-q;
            rgba[i]=max(0,255*min(1,r));rgba[i+1]=max(0,255*min(1,g));rgba[i+2]=max(0,255*min(1,b));rgba[i+3]=max(0,255*min(1,a));}
          return {w:w,h:h,rgba:rgba};
        }
        var figures=document.querySelectorAll('figure[data-hash]');
        for(var k=0;k<figures.length;k++){
          var raw=atob(figures[k].getAttribute('data-hash')),bytes=[];
          for(var m=0;m<raw.length;m++)bytes.push(raw.charCodeAt(m));
          var image=decode(bytes),canvas=document.createElement('canvas');
          canvas.width=image.w;canvas.height=image.h;
          canvas.getContext('2d').putImageData(new ImageData(image.rgba,image.w,image.h),0,0);
          figures[k].querySelector('.frame').style.backgroundImage='url('+canvas.toDataURL()+')';
        }
        function failed(img){var figure=img.closest('figure');figure.classList.add('failed');img.remove();}
        var images=document.querySelectorAll('figure img');
        for(var n=0;n<images.length;n++){
          if(images[n].complete&&images[n].naturalWidth===0)failed(images[n]);
          else images[n].addEventListener('error',function(e){failed(e.target);});
        }
        })();
        """
}
